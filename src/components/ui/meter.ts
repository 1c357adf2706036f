/** The width class of a meter's fill (`w-0` ... `w-100`, in steps of 5) for a percentage. */
export function meterWidth(percent: number): string {
  return `w-${Math.max(0, Math.min(100, Math.round(percent / 5) * 5))}`;
}
