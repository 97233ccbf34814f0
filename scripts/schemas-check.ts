/** Prints file, JSON pointer and message for every fault in `schemas/`, and exits non-zero if there is one. */
import { fileURLToPath } from 'node:url';
import { checkSchemaTree } from '../src/build/check/check-schemas';

const schemasDir = process.argv[2] ?? fileURLToPath(new URL('../schemas', import.meta.url));
const faults = checkSchemaTree(schemasDir);
for (const fault of faults) console.error(`${fault.file}  ${fault.pointer || '/'}  ${fault.message}`);
if (faults.length > 0) {
  console.error(`\n${faults.length} 处错误`);
  process.exit(1);
}
console.log('schemas: every file passes its meta-schema');
