import { Link, useLocation } from 'react-router-dom';
import './module-area.css';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <section className="module-unavailable" data-testid="not-found">
      <h2>页面不存在</h2>
      <p>没有找到页面 {location.pathname}。</p>
      <Link to="/work-bench">返回工作台</Link>
    </section>
  );
}
