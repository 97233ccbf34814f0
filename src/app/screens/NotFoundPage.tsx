import { useLocation } from 'react-router-dom';
import { BackToWorkbench } from './AreaScreen';
import './area-screen.css';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <section className="module-unavailable" data-testid="not-found">
      <h2>页面不存在</h2>
      <p>没有找到页面 {location.pathname}。</p>
      <BackToWorkbench />
    </section>
  );
}
