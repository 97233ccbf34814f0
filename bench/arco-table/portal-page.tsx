/**
 * The bench's second reference (bench/admin-first-row.ts): the portal itself, built with this module in place of
 * the engine's page renderer (src/engine/page/SchemaPage.tsx, swapped by portal.vite.config.ts), so that
 * 字典管理's route shows the hand-written table inside the same layout, loaded by the same main script, menus and
 * route preloading. What differs from the engine's page is only the page: hand-written instead of read from its
 * schema file. The list goes through the portal's data layer (`useApi`, `preloadApi`), as a hand-written page of
 * the portal would. Built only by the bench, never shipped.
 */
import type { EngineSeams } from '../../src/engine/seams';
import type { TemplateContext } from '../../src/engine/template';
import type { ApiDescriptor } from '../../src/engine/types';
import { preloadApi, useApi } from '../../src/engine/use-api';
import { DictionaryTable, type DictionaryList } from './DictionaryTable';

const DICTIONARY_PAGE = 'dictionary';
const LIST: ApiDescriptor = { method: 'GET', url: '/api/system/dictionary/list', resultPath: 'data' };
const FIRST_PAGE = { pageNo: 1, pageSize: 10 };

export interface SchemaPageProps {
  pageId: string;
  context?: TemplateContext;
}

/** The list call starts with the route, before the page renders (the portal's route preloading calls this). */
export function preparePage(seams: EngineSeams, pageId: string): Promise<void> {
  return pageId === DICTIONARY_PAGE ? preloadApi(seams, LIST, FIRST_PAGE).then(() => undefined) : Promise.resolve();
}

function HandWrittenDictionary() {
  const { data } = useApi<DictionaryList>(LIST, FIRST_PAGE);
  return <DictionaryTable list={data} />;
}

export function SchemaPage({ pageId }: SchemaPageProps) {
  return pageId === DICTIONARY_PAGE ? <HandWrittenDictionary /> : <p>仅用于性能对比：{pageId}</p>;
}
