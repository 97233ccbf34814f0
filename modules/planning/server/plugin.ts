/**
 * 进度计划 (module planning): what its files cannot declare. The schedule is computed from the tasks, relations and
 * settings on every read (schedule-model.ts: CPM on a working calendar, summaries, state, baseline variance), the
 * rules of a plan guard every write (plan-rules.ts), and its own calls serve the plan list, the Gantt chart, the
 * workbench (plan-routes.ts), the spec's gantt call (spec-route.ts) and files in and out (exchange-routes.ts).
 */
import type { ModulePlugin } from '../../../src/server/module-api.js';
import { exchangeRoutes } from './exchange-routes.js';
import { fillMissingSnapshots } from './plan-baselines.js';
import { planRules } from './plan-rules.js';
import { planRoutes } from './plan-routes.js';
import { PlanStore } from './schedule-store.js';
import { specRoute } from './spec-route.js';

const plugin: ModulePlugin = async (app) => {
  const store = new PlanStore(app);
  planRules(store);
  planRoutes(app, store);
  specRoute(app, store);
  await exchangeRoutes(app, store);
  // Baselines seeded or restored without their snapshot get the plan as planned.
  await fillMissingSnapshots(store);
};

export default plugin;
