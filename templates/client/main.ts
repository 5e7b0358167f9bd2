/** The browser script: marks the page as enhanced, then wires each enhancement. Pages work without it. */
import { initAnalytics } from './analytics.ts';
import { initBlog } from './blog.ts';
import { initDialogs } from './dialogs.ts';
import { initDrawer } from './drawer.ts';
import { initDropdowns } from './dropdown.ts';
import { initPillarDots, initPillars } from './pillars.ts';
import { initSearch } from './search-open.ts';
import { initSmoothScroll } from './smooth-scroll.ts';
import { initTreatments } from './treatments.ts';

document.documentElement.classList.add('js');
initAnalytics(document.currentScript);
initDialogs();
initDrawer();
initDropdowns();
initPillars();
initPillarDots();
initSmoothScroll();
initBlog();
initTreatments();
initSearch();
