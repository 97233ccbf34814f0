/** /work-bench: the landing screen after login. */
import { readStored } from '../session/storage';
import './workbench.css';

export function WorkbenchPage() {
  const user = readStored('userInfo');
  return (
    <section className="workbench" data-testid="workbench">
      <h1>工作台</h1>
      <div className="workbench-card">
        <p>
          您好，{user?.name}（{user?.loginName}）
        </p>
        <p>所属机构：{user?.office?.name || '—'}</p>
        <p>角色：{user?.roles?.map((role) => role.name).join('、') || '—'}</p>
      </div>
    </section>
  );
}
