/**
 * The application centre's page renderer (schemas/pages/application-center.json), a portal screen like the flow
 * designer: it lists every module's menus from the user's menu tree, so it belongs to no module. Loaded only when
 * its page is opened.
 */
import { registerCustomRenderer } from '../../engine/renderers';

registerCustomRenderer('application-center', async () => (await import('./ApplicationCenter')).default);
