/* global process, console, URL */
// Writes src/app/head/__tests__/schemaorg-subset.json: the part of the schema.org vocabulary
// (https://schema.org, CC BY-SA 3.0) that the pages' JSON-LD uses — the types listed below, their
// superclasses, every property whose domain is one of them, and the data types — for the JSON-LD
// validation test. Run with the release file of schema.org (data/releases/<v>/schemaorg-current-https.jsonld
// of github.com/schemaorg/schemaorg):  node scripts/schemaorg-subset.mjs <file> <release>
import * as fs from 'node:fs';

const [file, release] = process.argv.slice(2);
const USED = ['Dataset', 'Person', 'PropertyValue', 'DataDownload', 'Offer', 'ProfilePage', 'WebSite', 'WebPage', 'Organization'];
const graph = JSON.parse(fs.readFileSync(file, 'utf8'))['@graph'];
const name = (id) => id.replace(/^schema:/, '');
const list = (v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).map((x) => name(x['@id']));
const byId = new Map(graph.map((n) => [name(n['@id']), n]));
const types = {};
const visit = (t) => {
  if (types[t]) return;
  const node = byId.get(t);
  if (!node) throw new Error(`no type ${t}`);
  types[t] = list(node['rdfs:subClassOf']).filter((s) => byId.has(s));
  types[t].forEach(visit);
};
USED.forEach(visit);
const DATA_TYPES = { Text: [], URL: ['Text'], Date: [], DateTime: [], Time: [], Number: [], Integer: ['Number'], Float: ['Number'], Boolean: [] };
const properties = {};
for (const node of graph) {
  if (node['@type'] !== 'rdf:Property') continue;
  const domain = list(node['schema:domainIncludes']).filter((d) => types[d]);
  if (domain.length === 0) continue;
  properties[name(node['@id'])] = { domain, range: list(node['schema:rangeIncludes']) };
}
const out = {
  source: `schema.org ${release} (schemaorg-current-https.jsonld), CC BY-SA 3.0; subset for the types ${USED.join(', ')}`,
  types,
  dataTypes: DATA_TYPES,
  properties,
};
fs.writeFileSync(new URL('../src/app/head/__tests__/schemaorg-subset.json', import.meta.url), `${JSON.stringify(out, null, 1)}\n`);
console.log(Object.keys(types).length, 'types', Object.keys(properties).length, 'properties');
