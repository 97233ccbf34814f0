/**
 * 经济报表 (module economics): contracts, monthly output entries, target costs, entered costs and material prices
 * are collections; this plugin adds what no file declares: the rules of an amount and of a confirmed month
 * (entry-rules.ts), and the two reports with their Excel exports (report-routes.ts), which read the labour
 * module's wage ledger and the weighbridge's records through the collections' API.
 */
import type { CollectionRecords, ModulePlugin } from '../../../src/server/module-api.js';
import { entryRules } from './entry-rules.js';
import { reportRoutes } from './report-routes.js';

const economics: ModulePlugin = async (app, { module }) => {
  const own = (id: string): CollectionRecords => {
    const records = app.collections.get(id);
    if (!records) throw new Error(`modules/economics: the collection ${id} is missing`);
    return records;
  };
  entryRules(app.collections);
  const categories = new Map(
    (module.manifest.dictionaries ?? [])
      .filter((dictionary) => dictionary.type === 'economics_cost_category')
      .flatMap((dictionary) => dictionary.entries.map((entry) => [entry.value, entry.label] as const)),
  );
  reportRoutes(app, {
    outputs: own('economics-output'),
    contracts: own('economics-contract'),
    targets: own('economics-target-cost'),
    costs: own('economics-cost'),
    prices: own('economics-material-price'),
    // The modules this one requires (module.json): the start fails without them.
    wages: own('labour-wage'),
    weighings: own('weighbridge-record'),
    categories,
  });
};

export default economics;
