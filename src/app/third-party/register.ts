/**
 * The page renderer of third-party apps opened inside the portal (schemas/pages/third-party-frame.json): any menu
 * record with a portal route, this page as its target and a `thirdPartyUrl`. A portal screen, like the application
 * centre: it belongs to no module. Loaded only when such a page is opened.
 */
import { registerCustomRenderer } from '../../engine/renderers';

registerCustomRenderer('third-party-frame', async () => (await import('./ThirdPartyFrame')).default);
