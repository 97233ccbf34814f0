/** Every migration, by name, in order. Add a file and a line here; never edit a migration that has shipped. */
import type { Migration } from 'kysely/migration';
import * as foundation from './0001-foundation.js';
import * as accounts from './0002-accounts.js';
import * as portal from './0003-portal.js';
import * as administration from './0004-administration.js';
import * as rateLimitCounters from './0005-rate-limit-counters.js';
import * as listIndexes from './0006-list-indexes.js';
import * as cacheVersions from './0007-cache-versions.js';
import * as seedRuns from './0008-seed-runs.js';
import * as collectionHistory from './0009-collection-history.js';
import * as jobs from './0010-jobs.js';
import * as messageCentre from './0011-message-centre.js';
import * as workflow from './0014-workflow.js';
import * as dropDeviceWarning from './0015-drop-device-warning.js';
import * as approvalTimers from './0017-approval-timers.js';
import * as dropLaborer from './0018-drop-laborer.js';
import * as deviceNonce from './0019-device-nonce.js';
import * as jobsOnPgBoss from './0020-jobs-on-pg-boss.js';
import * as sessionClient from './0021-session-client.js';
import * as jobSchedulePause from './0022-job-schedule-pause.js';
import * as jobRanBy from './0023-job-ran-by.js';
import * as moduleOwnership from './0024-module-ownership.js';
import * as dropGanttTask from './0025-drop-gantt-task.js';
import * as alerts from './0026-alerts.js';
import * as search from './0027-search.js';

export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-accounts': accounts,
  '0003-portal': portal,
  '0004-administration': administration,
  '0005-rate-limit-counters': rateLimitCounters,
  '0006-list-indexes': listIndexes,
  '0007-cache-versions': cacheVersions,
  '0008-seed-runs': seedRuns,
  '0009-collection-history': collectionHistory,
  '0010-jobs': jobs,
  '0011-message-centre': messageCentre,
  '0014-workflow': workflow,
  '0015-drop-device-warning': dropDeviceWarning,
  '0017-approval-timers': approvalTimers,
  '0018-drop-laborer': dropLaborer,
  '0019-device-nonce': deviceNonce,
  '0020-jobs-on-pg-boss': jobsOnPgBoss,
  '0021-session-client': sessionClient,
  '0022-job-schedule-pause': jobSchedulePause,
  '0023-job-ran-by': jobRanBy,
  '0024-module-ownership': moduleOwnership,
  '0025-drop-gantt-task': dropGanttTask,
  '0026-alerts': alerts,
  '0027-search': search,
};
