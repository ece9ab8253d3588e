import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { App, type ReadyJourney } from './App.tsx';
import { loadJourneyPage, loadProposalPage } from './pages.ts';
import { loadJourneyMachine } from './journey/journeyMachine.ts';
import { noteFirstInteraction } from './journey/afterFirstInteraction.ts';
import { replayEarlyInput, takeEarlyInput } from './journey/earlyInput.ts';
import { loadProposalModule, planForPath, preloadPlan, proposalPlanForPath } from './planRegistry.ts';
import '../../widgets/widgets.css';
import './styles/app.css';

const container = document.getElementById('root')!;
const root = createRoot(container);
// The page's first paint may hold the step's form, already typed in (./journey/earlyInput.ts):
// what was done there is read, the live page drawn in its place at once, and handed to it.
const render = (ready?: ReadyJourney) => {
  const early = takeEarlyInput(container);
  flushSync(() =>
    root.render(
      <StrictMode>
        <App ready={ready} />
      </StrictMode>,
    ),
  );
  replayEarlyInput(container, early);
};

// A page's code and its plan's chunk start downloading now, side by side, not one after the
// other or after React's first render: a journey's, or a proposal page's. A journey is rendered
// once both are in, its plan built, so React's first commit is the step (the page's HTML shows
// its shell until then: tools/routeShells.tsx, served by src/server/plugins/routePreloads.ts). A failure is reported by the page's
// own load.
const { pathname } = window.location;
const proposalPlan = proposalPlanForPath(pathname);
const journeyPlan = proposalPlan ? undefined : planForPath(pathname);
if (journeyPlan) {
  noteFirstInteraction();
  preloadPlan(journeyPlan);
  // A hash route (a later step of a hash-routed plan, which the server cannot see to preload),
  // or a link that resumes or fills the application: the machine will be needed at once.
  const search = new URLSearchParams(window.location.search);
  if (/^#\/./.test(window.location.hash) || search.has('applicationNo') || search.has('details'))
    loadJourneyMachine().catch(() => undefined);
  loadJourneyPage()
    .then((page) =>
      page.prepareJourney(journeyPlan).then(
        (prepared) => render({ JourneyPage: page.JourneyPage, prepared }),
        () => render({ JourneyPage: page.JourneyPage, prepared: undefined }),
      ),
    )
    // Whatever failed (the page's code, storage the browser refuses): the page's own load says so.
    .catch(() => render());
} else {
  if (proposalPlan) {
    loadProposalPage().catch(() => undefined);
    loadProposalModule(proposalPlan).catch(() => undefined);
  }
  render();
}
