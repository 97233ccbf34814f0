/**
 * The designer's check before publishing: the meta-schema of process files (precompiled from
 * schemas/meta/process.json, the file the server checks with), then the flow's checks the server runs
 * (`processFaults`, against the roles and users it named), then the designer's own (a branch still without its
 * condition). The server checks again when publishing; its answer is shown the same way.
 */
import { designFaults } from '../../shared/flow-edit';
import {
  metaSchemaFaults,
  processFaults,
  type MetaSchemaError,
  type ProcessFacts,
  type ProcessFault,
  type ProcessFile,
} from '../../shared/processes';

interface PrecompiledValidator {
  (data: unknown): boolean;
  errors?: MetaSchemaError[] | null;
}

const validateMeta = Object.values(
  import.meta.glob<PrecompiledValidator>('/schemas/meta/process.json', {
    query: '?meta-validator',
    import: 'default',
    eager: true,
  }),
)[0]!;

export function checkDefinition(file: ProcessFile, facts: ProcessFacts): ProcessFault[] {
  if (!validateMeta(file)) return metaSchemaFaults(validateMeta.errors);
  const design = designFaults(file.flow);
  // A branch left without its condition reads as a second 其他情况 to the server's check: say only what to do.
  const unfinished = design.map((fault) => fault.pointer.replace(/\/branches\/\d+\/conditions$/, '/branches'));
  return [
    ...design,
    ...processFaults(file, facts).filter((fault) => !unfinished.some((at) => fault.pointer.startsWith(at))),
  ];
}
