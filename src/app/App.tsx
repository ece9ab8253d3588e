import { Component, type ReactNode } from 'react';
import { Catalogue } from './Catalogue.tsx';
import { JourneyPage } from './journey/JourneyPage.tsx';
import { planForPath } from './planRegistry.ts';
import { usePathname } from './usePathname.ts';
import { SiteFooter } from './SiteFooter.tsx';

/** The router fallback of spec 01 §2: a render error shows 'Unexpected Application Error!'. */
class AppErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="bf-page bf-fallback" role="alert">
        <h1>Unexpected Application Error!</h1>
        <p>Something went wrong while showing this page. Your details are saved in this browser tab.</p>
        <a className="bf-button bf-button--primary" href="/">
          Go to Homepage
        </a>
      </main>
    );
  }
}

export function App() {
  const pathname = usePathname();
  const plan = planForPath(pathname);
  let page: ReactNode;
  if (pathname === '/') page = <Catalogue />;
  else if (plan) page = <JourneyPage key={plan.productId} config={plan} />;
  else
    page = (
      <main className="bf-page bf-fallback">
        <h1>Page not found</h1>
        <p>The page you asked for does not exist.</p>
        <a className="bf-button bf-button--primary" href="/">
          See all plans
        </a>
      </main>
    );
  return (
    <AppErrorBoundary>
      <div className="bf-app">
        {page}
        <SiteFooter />
      </div>
    </AppErrorBoundary>
  );
}
