// Prints the app's home statement (as recorded by explain-feeds) for a viewer.
import { recordFeedStatements, closeExplain } from '../bench/explain-feeds.mjs';
const out = await recordFeedStatements();
for (const c of out) for (const s of c.statements) console.log(`-- ${c.name}\n${s.text};\n-- values ${JSON.stringify(s.values)}\n`);
await closeExplain();
