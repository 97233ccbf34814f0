/** Decorates the app with its services (repositories and helpers), so handlers stay a few lines. */
import { globalPlugin } from '../http/global-plugin.js';
import type { Services } from '../app-services.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export default globalPlugin<{ services: Services }>('services', async (app, options) => {
  app.decorate('services', options.services);
});
