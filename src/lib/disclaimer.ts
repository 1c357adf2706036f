/** Shown in every page's footer and on the coach card: what the app is and is not. */
export const ADVICE_DISCLAIMER = 'Educational content, not individual financial, tax or legal advice.';
