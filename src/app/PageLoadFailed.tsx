import { BrandBar } from './BrandBar.tsx';

/** A plan's page whose files did not load (a dropped connection): say so and offer to try again. */
export function PageLoadFailed({ productName, onRetry }: { productName: string; onRetry: () => void }) {
  return (
    <>
      <BrandBar />
      <main className="bf-page bf-fallback">
        <div role="alert">
          <h1>Something went wrong</h1>
          <p>We could not load the {productName} page. Please check your connection and try again.</p>
        </div>
        <button type="button" className="bf-button bf-button--primary" onClick={onRetry}>
          Try again
        </button>
      </main>
    </>
  );
}
