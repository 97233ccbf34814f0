/**
 * The one surface a module's server code imports from the core (modules/<m>/server/*.ts, besides its own files
 * and another module's server/public.ts). Whatever the core keeps behind it may move without a module noticing;
 * a module that needs more asks for it here, where every module can see what the core promises.
 * tests/unit/module-boundaries.test.ts fails on any other import of the core.
 */

// A module's plugin, and the database it runs on.
export type { ModulePlugin } from './modules/module-plugins.js';
export type { ModuleSettings, SettingValue } from './modules/module-settings.js';
export type { Db } from './db/database.js';
export { databaseKind } from './db/engine.js';
export { uniqueViolation } from './db/errors.js';
export { GroupCommit, type GroupCommitFigures } from './db/group-commit.js';

// Collections: the records of a module's own collections and of those of the modules it uses.
export type { CollectionRecords, RecordValues, RecordWrite } from './collections/records.js';
export { recordAccess, type RecordAccess } from './collections/access.js';

// Routes: the envelope, errors, the caller, the schemas shared with the core's own routes.
export { DomainError, invalidField } from './domain-error.js';
export { ApiError } from './http/api-error.js';
export { MsgCode, type Envelope } from '../shared/envelope.js';
export { fieldColumn } from '../shared/collections.js';
export type { JsonSchemaNode } from '../shared/schema-messages.js';
export { contentDisposition, ok, sendXlsx } from './http/route-helpers.js';
export { readUploadedFile, type UploadMessages } from './http/uploaded-file.js';
// What a file is by its content, and the name it is shown and saved under (attachments, archives).
export { fileTypeOf } from './portal/file-signature.js';
export { FILE_TYPES, displayNameFor, type FileExtension } from '../shared/file-types.js';
export type { ResumableUploads } from './files/resumable-uploads.js';
export { envelope, pageEnvelope, type Schema } from './http/envelope-schema.js';
export { idParams, security } from './http/admin-schemas.js';
export { bodyOrEmpty, pageProperties, projectNameProperty } from './http/portal-schemas.js';
export { requireAuth } from './http/request-context.js';
export { portalContext } from './portal/services.js';
// Rich text from the browser's editor (the richText widget), kept to harmless formatting before it is stored.
export { sanitizeRichText } from './messages/rich-text.js';
// Who the caller may see (all for an administrator, else their company's office subtree), for a module's own SQL over
// the core's people and offices: the one data-scope rule, never a copy of it.
export { officeWithin, type DataScope } from './accounts/data-scope.js';
// The company (sys_office of type 公司) a project belongs to: a module's settings kept per company.
export { projectCompanyId } from './portal/project-company.js';

// A form file made at run time (a designer's): checked against the form meta-schema, then its values validated by
// the engine's one validator, with the file's own Chinese messages.
export { FormValidation, type FormFile } from './lib/form-validation.js';

// Search: every search is recorded through `app.services.search.log`; the dictionary and synonyms segmenting searches
// use are `app.services.search.lexicon` (seeded once from a module's files, rebuilt through `onChange`).
export { normalQuery, type MatchMode, type SearchEntry, type SearchTarget } from './search/search-log.js';
export {
  LexiconMessages,
  type DictionaryWord,
  type SearchDictionary,
  type SearchLexicon,
  type StoredSynonymGroup,
  type StoredWord,
} from './search/lexicon.js';

// The workbench's figures a module provides.
export type { WorkerFigures } from './portal/workbench.js';
// Data sets a module offers beside the collections (`app.services.dataSets`), and the big screens' shipped files with
// the designed version a module may keep (`app.services.portal.screens`).
export type {
  DataSetAggregate,
  DataSetBucket,
  DataSetField,
  DataSetFilter,
  DataSetRow,
  DataSetSource,
} from './portal/data-sets.js';
export type { ScreenFile, ScreenPanel } from './portal/screen-designs.js';

// Signed calls of devices: one scheme for gates, weighbridges and IoT gateways (app.services.deviceCalls verifies).
export {
  DEVICE_CALL_DESCRIPTION,
  DEVICE_CALL_HEADERS,
  DEVICE_CLOCK_WINDOW_MS,
  DEVICE_ID_PATTERN,
  DeviceCallRefused,
  type DeviceCallRefusal,
  type DeviceCalls,
  deviceCallHeadersSchema,
  keepRawJsonBody,
  signDeviceCall,
  signedDeviceHeaders,
} from './devices/device-calls.js';

// Events and messages to people.
export type { EventTarget, PortalEvent } from './events/event-bus.js';
export type { Messages } from './messages/messages.js';

// A schema file a user designs (a dashboard), checked against the meta-schema of its kind as schemas:check does.
export { schemaFileFaults } from './modules/module-files.js';

// Demo data made at seeding (modules/<m>/server/demo-data.ts).
export type { ModuleSeedFile, DailySeedRow } from './modules/module-files.js';
export { relativeDay, seededRandom, type DemoRandom } from './seed/demo-random.js';
export type { DemoApproval, DemoApprovalStep, DemoUser } from './workflow/demo.js';
export { idCardCheckChar } from './lib/id-card.js';

// A key a module signs with (its share links, say), generated on first use and kept in the database, so every
// instance on one database signs alike: `ensureSecret(db, '<module>-<purpose>')`.
export { ensureSecret } from './accounts/keys.js';

// Time on the site's clock (China Standard Time), caches, code loaded on first use.
export { ageOn, chinaDate, chinaDateTime, chinaDayStart, chinaHourOfDay } from './lib/china-time.js';
export { TtlCache } from './lib/ttl-cache.js';
export { onFirstUse } from './lib/first-use.js';

// Workbooks (exceljs, loaded on first use) for a module's own imports and exports.
export { loadExcel } from './lib/excel.js';
