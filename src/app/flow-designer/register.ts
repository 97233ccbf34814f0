/**
 * The portal's own `custom` page renderers (a module's sit in `modules/<name>/renderers/`): the flow designer of
 * 系统管理, loaded only when its page is opened.
 */
import { registerCustomRenderer } from '../../engine/renderers';

registerCustomRenderer('flow-designer', async () => (await import('./FlowDesigner')).default);
