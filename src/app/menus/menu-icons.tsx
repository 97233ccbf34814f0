/**
 * Menu icon names (data in the menu records) to glyphs of Arco's icon set, imported one by one so that only these
 * reach the bundle (and none the login page's), and to the icons the modules bring. The side menu and the gateway
 * tiles draw icons through `MenuIcon`.
 */
import {
  IconApps,
  IconArchive,
  IconBook,
  IconBranch,
  IconBulb,
  IconCalendar,
  IconCodeSandbox,
  IconCommon,
  IconCustomerService,
  IconDesktop,
  IconDriveFile,
  IconEdit,
  IconExclamationCircle,
  IconExperiment,
  IconExpand,
  IconFile,
  IconFindReplace,
  IconFullscreen,
  IconGift,
  IconHome,
  IconLayout,
  IconLink,
  IconLocation,
  IconMessage,
  IconMindMapping,
  IconRobot,
  IconSafe,
  IconSchedule,
  IconSearch,
  IconSettings,
  IconStamp,
  IconStar,
  IconStorage,
  IconThunderbolt,
  IconTool,
  IconUser,
  IconUserGroup,
  IconVideoCamera,
  IconWifi,
} from '@arco-design/web-react/icon';
import type { ComponentType, CSSProperties } from 'react';
import { isMenuIconName, type MenuIconName } from '../../shared/menu-icons';
import { moduleIcons } from '../screens/module-declarations';

type Glyph = ComponentType<{ className?: string; style?: CSSProperties }>;

const GLYPHS: Record<MenuIconName, Glyph> = {
  'icon-home': IconDesktop,
  'icon-site': IconHome,
  'icon-screen': IconFullscreen,
  'icon-chart': IconCommon,
  'icon-workers': IconUserGroup,
  'icon-progress': IconSchedule,
  'icon-archive': IconArchive,
  'icon-bim': IconCodeSandbox,
  'icon-operation': IconCustomerService,
  'icon-education': IconBook,
  'icon-iot': IconWifi,
  'icon-knowledge': IconBulb,
  'icon-layout': IconLayout,
  'icon-concrete': IconExperiment,
  'icon-mall': IconGift,
  'icon-ai': IconRobot,
  'icon-warning': IconExclamationCircle,
  'icon-setting': IconSettings,
  'icon-user': IconUser,
  'icon-users': IconUserGroup,
  'icon-safety': IconSafe,
  'icon-message': IconMessage,
  'icon-process': IconBranch,
  'icon-video': IconVideoCamera,
  'icon-map': IconLocation,
  'icon-data': IconStorage,
  'icon-report': IconDriveFile,
  'icon-file': IconFile,
  'icon-calendar': IconCalendar,
  'icon-tool': IconTool,
  'icon-machine': IconThunderbolt,
  'icon-form': IconEdit,
  'icon-app': IconApps,
  'icon-search': IconSearch,
  'icon-lexicon': IconFindReplace,
  'icon-link': IconLink,
  'icon-mind': IconMindMapping,
  'icon-money': IconStamp,
  'icon-detach': IconExpand,
  'icon-star': IconStar,
};

/** A menu's glyph; a name neither the core nor a module knows (a record edited by hand) shows the generic apps glyph. */
export function MenuIcon({ name, className, color }: { name?: string | null; className?: string; color?: string }) {
  const style = color ? { color } : undefined;
  const moduleIcon = name ? moduleIcons.get(name) : undefined;
  if (moduleIcon)
    // The markup is a file of the module checked at build as a plain picture (src/shared/module-icons.ts).
    return (
      <span
        className={className}
        data-icon={name}
        aria-hidden
        style={style}
        dangerouslySetInnerHTML={{ __html: moduleIcon }}
      />
    );
  const known = isMenuIconName(name);
  const Glyph = known ? GLYPHS[name] : IconApps;
  return (
    <span className={className} data-icon={known ? name : 'unknown'} aria-hidden>
      <Glyph style={style} />
    </span>
  );
}
