// The dashboard's greeting, in a module of its own: the page's inlined script (dashboard-live.ts)
// may import nothing another script imports, or it would become a file requested before the paint.

/** Greeting by the learner's local hour: morning before 12:00, afternoon before 17:00, else evening. */
export function greetingFor(hour: number): 'Good morning' | 'Good afternoon' | 'Good evening' {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}
