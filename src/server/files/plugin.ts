/**
 * The app's file store (`app.services.files`, create-file-store.ts) in the app's life: an instance whose store lives
 * in another service (object storage) is not ready while that service does not answer (`GET /readyz` check
 * `files`), and the store's connections close with the app.
 */
import { globalPlugin } from '../http/global-plugin.js';

export default globalPlugin('files', async (app) => {
  const store = app.services.files;
  const problem = store.problem?.bind(store);
  if (problem) app.readinessCheck('files', problem);
  app.addHook('onClose', async () => store.close());
});
