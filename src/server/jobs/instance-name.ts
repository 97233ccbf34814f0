/**
 * The name an instance of the portal registers under in the job queue's registry of instances (pg-boss's
 * `instanceName`): its own name (PORTAL_INSTANCE_NAME, which holds no `@`) and the portal's version, `web-1:8080@1.4.0`,
 * so that 系统管理 / 服务监控 shows both for every instance on the database.
 */
export function portalInstanceName(instance: string, version: string): string {
  return `${instance}@${version}`;
}

/** The instance's own name and version; null for a registry row the portal did not name (another pg-boss). */
export function parsePortalInstanceName(name: string | null): { instance: string; version: string } | null {
  const at = name?.lastIndexOf('@') ?? -1;
  if (!name || at <= 0) return null;
  return { instance: name.slice(0, at), version: name.slice(at + 1) };
}
