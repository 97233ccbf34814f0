/**
 * A `custom` page: a module's own React (a Gantt chart, a viewer) under the name the file gives, with what the
 * file declares: the permission to see it, the data it shows (loaded here, before it renders), its title.
 */
import { Suspense } from 'react';
import { LoadFailure, Loading } from '../../feedback';
import { customRenderer, type PageRendererProps } from '../../renderers';
import { useCan } from '../../seams';
import { PageDenied } from '../page-access';
import { renderTemplate } from '../../template';
import { useApi } from '../../use-api';

export function CustomPage({ file, context, open }: PageRendererProps<'custom'>) {
  const allowed = useCan()(file.permission);
  const params = (renderTemplate(file.data?.params ?? {}, context) ?? {}) as Record<string, unknown>;
  const { data, error, isLoading, mutate } = useApi<unknown>(allowed ? (file.data?.api ?? null) : null, params);
  if (!allowed) return <PageDenied />;
  if (error) return <LoadFailure error={error} onRetry={() => void mutate()} />;
  if (file.data && isLoading) return <Loading />;
  const Renderer = customRenderer(file.renderer);
  return (
    <section className="custom-page" data-testid={`custom-${file.id}`}>
      <h2 className="custom-page-title">{file.title}</h2>
      <Suspense fallback={<Loading />}>
        <Renderer file={file} data={data} context={context} open={open} />
      </Suspense>
    </section>
  );
}
