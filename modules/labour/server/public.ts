/**
 * What other modules may use of the labour module's server code: its demo workers, which the safety module's demo
 * trainings enrol, and the registry's safety-education flag, which the safety module keeps. Everything else under
 * modules/labour/server is the module's own.
 */
export { DEMO_PROJECTS, demoWorkers } from './demo-data.js';
export { setEducationMissing, workerPresence, type WorkerPresence } from './education-flags.js';
