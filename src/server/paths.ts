/** Absolute locations the server reads from, independent of the working directory. */
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));
export const schemasDir = fileURLToPath(new URL('../../schemas/', import.meta.url));
export const packageJsonPath = fileURLToPath(new URL('../../package.json', import.meta.url));
