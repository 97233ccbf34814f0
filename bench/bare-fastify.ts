/**
 * The reference of the API ratios: a bare Fastify process (no plugins, no logging) answering the envelope of a
 * successful call, GET and POST (JSON body parsed), on PORT. Run by bench/server-figures.ts beside the real server.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { msgCode: 0, errMsg: '' };
app.get('/ping', async () => answer);
app.post('/ping', async () => answer);
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
