/**
 * The bench's first reference page (bench/admin-first-row.ts): 字典管理's table written by hand, alone, as a
 * single-page app of its own. It makes the same list call as the engine's page (its URL comes in the query string,
 * captured from the engine page), with the stored token. Built only by the bench, never shipped.
 */
import '@arco-design/web-react/es/_util/react-19-adapter';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { DictionaryTable, type DictionaryList } from './DictionaryTable';

const listUrl = new URLSearchParams(location.search).get('api') ?? '';
const token = (JSON.parse(localStorage.getItem('tokenInfo') ?? '{}') as { access_token?: string }).access_token ?? '';
// Started before React renders, as a hand-written page would.
const list = fetch(listUrl, { headers: { 'Access-Token': token } }).then(
  (response) => response.json() as Promise<{ data?: DictionaryList }>,
);

function DictionaryPage() {
  const [data, setData] = useState<DictionaryList>();
  useEffect(() => {
    void list.then((envelope) => setData(envelope.data ?? {}));
  }, []);
  return <DictionaryTable list={data} />;
}

createRoot(document.getElementById('root') as HTMLElement).render(<DictionaryPage />);
