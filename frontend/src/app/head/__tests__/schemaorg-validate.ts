import vocabulary from './schemaorg-subset.json' with { type: 'json' };

/**
 * The pages' JSON-LD against the schema.org vocabulary (schemaorg-subset.json: the types used,
 * their superclasses and every property of them, from schema.org's own release file; see
 * scripts/schemaorg-subset.mjs): every @type exists, every property exists on that type or a
 * superclass, and every value fits one of the property's ranges (a node of a fitting type, or a
 * literal of a fitting data type: text, an absolute URL, an ISO date or date-time, a number, a
 * boolean; a URL also stands for a node, as schema.org allows).
 */
const types = vocabulary.types as Record<string, string[]>;
const dataTypes = vocabulary.dataTypes as Record<string, string[]>;
const properties = vocabulary.properties as Record<string, { domain: string[]; range: string[] }>;

function ancestors(type: string): Set<string> {
  const out = new Set<string>([type]);
  for (const parent of types[type] ?? dataTypes[type] ?? []) for (const a of ancestors(parent)) out.add(a);
  return out;
}

const ISO_DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ABSOLUTE_URL = /^https?:\/\/[^\s/]+(\/\S*)?$/;

function literalFits(value: unknown, range: string[], path: string, problems: string[]): void {
  const fits = (type: string): boolean => {
    switch (type) {
      case 'Text':
        return typeof value === 'string' && value.trim() !== '';
      case 'URL':
        return typeof value === 'string' && ABSOLUTE_URL.test(value);
      case 'Date':
        return typeof value === 'string' && ISO_DATE.test(value);
      case 'DateTime':
        return typeof value === 'string' && (ISO_DATE_TIME.test(value) || ISO_DATE.test(value));
      case 'Number':
      case 'Float':
        return typeof value === 'number' && Number.isFinite(value);
      case 'Integer':
        return typeof value === 'number' && Number.isInteger(value);
      case 'Boolean':
        return typeof value === 'boolean';
      default:
        // A thing of a type (an enumeration member, a Person…) may be given by its URL.
        return typeof value === 'string' && ABSOLUTE_URL.test(value);
    }
  };
  if (!range.some(fits)) problems.push(`${path}: ${JSON.stringify(value)} fits none of ${range.join(', ')}`);
}

function validate(node: Record<string, unknown>, path: string, problems: string[], expected?: string[]): void {
  const type = node['@type'];
  if (typeof type !== 'string' || !types[type]) {
    problems.push(`${path}: unknown @type ${String(type)}`);
    return;
  }
  const mine = ancestors(type);
  if (expected && !expected.some((e) => mine.has(e))) problems.push(`${path}: a ${type} where ${expected.join(' or ')} is expected`);
  for (const [key, value] of Object.entries(node)) {
    if (key === '@context') {
      if (value !== 'https://schema.org') problems.push(`${path}: @context ${String(value)}`);
      continue;
    }
    if (key === '@type') continue;
    if (key === '@id') {
      if (typeof value !== 'string' || !ABSOLUTE_URL.test(value)) problems.push(`${path}.@id: not an absolute URL`);
      continue;
    }
    const property = properties[key];
    if (!property) {
      problems.push(`${path}.${key}: no such property of ${type} (nor of any type the pages use)`);
      continue;
    }
    if (!property.domain.some((d) => mine.has(d))) {
      problems.push(`${path}.${key}: not a property of ${type} (it is of ${property.domain.join(', ')})`);
      continue;
    }
    const values = Array.isArray(value) ? value : [value];
    if (values.length === 0) problems.push(`${path}.${key}: empty list`);
    values.forEach((v, i) => {
      const at = Array.isArray(value) ? `${path}.${key}[${i}]` : `${path}.${key}`;
      if (v !== null && typeof v === 'object')
        validate(
          v as Record<string, unknown>,
          at,
          problems,
          property.range.filter((r) => types[r]),
        );
      else literalFits(v, property.range, at, problems);
    });
  }
}

export function problemsOf(jsonLd: object[]): string[] {
  const problems: string[] = [];
  jsonLd.forEach((node, i) => {
    if ((node as Record<string, unknown>)['@context'] !== 'https://schema.org') problems.push(`[${i}]: no @context`);
    validate(node as Record<string, unknown>, `[${i}]`, problems);
  });
  return problems;
}
