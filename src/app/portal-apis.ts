/** The portal's own API descriptors, read from the schema file by name. */
import catalog from '../../schemas/apis/portal.json';
import type { ApiCatalogFile, ApiDescriptor } from '../engine/types';

type PortalApiName = keyof (typeof catalog)['apis'];

export const portalApis = (catalog as ApiCatalogFile).apis as Record<PortalApiName, ApiDescriptor>;
