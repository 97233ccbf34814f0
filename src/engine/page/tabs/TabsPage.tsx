/** A `tabs` page: pages inside a page, each tab another page file of any kind, rendered when first shown. */
import { Tabs } from '@arco-design/web-react';
import '@arco-design/web-react/es/Tabs/style/css.js';
import { useState } from 'react';
import type { PageRendererProps } from '../../renderers';
import { useCan } from '../../seams';
import { PageDenied } from '../page-access';
import { SchemaPage } from '../SchemaPage';

export function TabsPage({ file, context, open }: PageRendererProps<'tabs'>) {
  const can = useCan();
  const tabs = file.tabs.filter((tab) => can(tab.permission));
  const [active, setActive] = useState(tabs[0]?.page ?? '');
  if (!can(file.permission) || tabs.length === 0) {
    return <PageDenied />;
  }
  return (
    <section className="tabs-page" data-testid={`tabs-${file.id}`}>
      <Tabs activeTab={active} onChange={setActive} lazyload destroyOnHide={false}>
        {tabs.map((tab) => (
          <Tabs.TabPane key={tab.page} title={tab.title}>
            <SchemaPage pageId={tab.page} context={context} open={open} />
          </Tabs.TabPane>
        ))}
      </Tabs>
    </section>
  );
}
