/** The project the user works in (spec section 3, "Selected project"), stored as `selectInfo`. */
import { readStored } from '../session/storage';

export interface SelectedProject {
  edpId?: string;
  edpName?: string;
  objectId?: string;
  objectName?: string;
  status?: string;
  code?: string;
  officeId?: string;
  projectName?: string;
  projectType?: string;
  projectId?: string;
  parentId?: string;
  logPath?: string;
  functionModel?: string;
}

export function selectedProject(): SelectedProject | undefined {
  return readStored('selectInfo') as SelectedProject | undefined;
}
