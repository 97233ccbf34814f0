/** The project contracts the server answers and the portal reads (spec sections 3, 4 and 6). */

/** A project as the portal stores the selection (spec section 3 "Selected project"). */
export interface SelectedProjectFields {
  edpId: string;
  edpName: string;
  objectId: string;
  objectName: string;
  status: string;
  code: string;
  officeId: string;
  projectName: string;
  projectType: string;
  projectId: string;
  parentId: string;
  logPath: string;
  functionModel: string;
}

/** A node of the institution tree; project departments with a project carry the selection fields. */
export interface CompanyTreeNode extends Partial<SelectedProjectFields> {
  id: string;
  name: string;
  /** '1' company, '2' branch / department, '3' project department (selectable). */
  type: string;
  parentId: string;
  /** '1' when the node can be chosen (a project department with a project). */
  clickFlag: string;
  childList: CompanyTreeNode[];
  /** A project's IoT devices with their online state (the IoT platform fills it; absent without devices). */
  deviceList?: CompanyTreeDevice[];
}

/** A device under its project in the institution tree. */
export interface CompanyTreeDevice {
  id: string;
  name: string;
  serial: string;
  deviceType: string;
  deviceTypeName: string;
  online: boolean;
  /** 在线, 离线, 未上报 (no reading yet) or 未接入 (no secret issued). */
  onlineLabel: string;
  lastSeen: string | null;
}

/** A row of POST /zhgd/project/withOfficeName (upper-case names are the client's contract). */
export interface ProjectListRow {
  ID: string;
  OFFICE_NAME: string;
  PROJECT_NAME: string;
  ENGINEERING_TYPE: string;
  PROJECT_STATUS: string;
  AREA_CODE: string;
  OFFICE_ID: string;
  PROJECT_CODE: string;
}
