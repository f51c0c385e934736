/**
 * Roving focus (one Tab stop for a set of controls, arrow keys between them), as the day slider,
 * the times and the service list use it: which control a key moves to from `index` among `count`,
 * laid out `columns` to a row (1 for a list), or null when the key is not one of these.
 */
export function rovingTarget(key: string, index: number, count: number, columns = 1): number | null {
  const last = count - 1;
  const to = (i: number) => Math.max(0, Math.min(i, last));
  switch (key) {
    case 'ArrowRight':
      return to(index + 1);
    case 'ArrowLeft':
      return to(index - 1);
    case 'ArrowDown':
      return to(index + columns);
    case 'ArrowUp':
      return to(index - columns);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}
