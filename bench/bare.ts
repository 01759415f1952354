// The ceiling: a bare Fastify answering the same envelope, in its own process like the server.
import Fastify from 'fastify';

const app = Fastify();
app.get('/hello', async () => ({ code: 0, message: 'success', data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
