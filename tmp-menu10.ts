import autocannon from 'autocannon';
const [origin, token, label] = process.argv.slice(2);
const opts = { url: `${origin}/api/zhgd/menu/roleMenuList`, method: 'POST' as const, body: JSON.stringify({ type: '', officeId: '' }),
  headers: { 'content-type': 'application/json', 'access-token': token, 'accept-encoding': 'gzip, deflate, br' }, connections: 10, duration: 10 };
await autocannon({ ...opts, duration: 2 });
const r = await autocannon(opts);
console.log(`${label.padEnd(6)} 2,000 menus, 10 conn: ${r.requests.average.toFixed(0)} req/s p50 ${r.latency.p50} p99 ${r.latency.p99} ms non2xx ${r.non2xx}`);
