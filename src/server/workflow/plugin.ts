/** The approval engine of the app, reached as `app.workflow` by the workflow routes and the workbench. */
import type { CollectionFile } from '../../shared/collections.js';
import { globalPlugin } from '../http/global-plugin.js';
import { createWorkflow, type Workflow } from './index.js';
import { messageNotifier } from './message-notifier.js';
import type { ApprovalNotifier } from './notifier.js';

declare module 'fastify' {
  interface FastifyInstance {
    workflow: Workflow;
  }
}

export default globalPlugin<{ collections: readonly CollectionFile[]; notifier?: ApprovalNotifier }>(
  'workflow',
  async (app, options) => {
    const { db, config } = app.services;
    app.decorate(
      'workflow',
      createWorkflow(db, {
        collections: options.collections,
        // Tests may pass their own; the portal tells people through the message centre.
        notifier: options.notifier ?? messageNotifier(app.services.messages),
        now: config.now,
        notifyFailed: (error) => app.log.error({ err: error }, 'approval notification failed'),
      }),
    );
  },
);
