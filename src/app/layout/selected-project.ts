/** The project the user works in (spec section 3, "Selected project"), stored as `selectInfo`. */
import type { SelectedProjectFields } from '../../shared/projects';
import { readStored } from '../session/storage';

export type SelectedProject = Partial<SelectedProjectFields>;

export function selectedProject(): SelectedProject | undefined {
  return readStored('selectInfo') as SelectedProject | undefined;
}
