/**
 * A figure between two measurements of its ceiling, one just before it and one just after. Other
 * work on the machine lowers a figure and its ceiling alike only while it lowers both equally; when
 * the ceiling moved more than CEILING_DRIFT between the two, the machine changed under the figure,
 * and the figure is measured again (with the ceiling after it), up to TRIES times.
 */
export const CEILING_DRIFT = 0.15;
const TRIES = 3;

export interface Bracketed<C, R> {
  result: R;
  before: C;
  after: C;
  /** |after - before| / before, of the ceiling's value. */
  drift: number;
  tries: number;
}

export async function bracketed<C, R>(
  name: string,
  ceiling: () => Promise<C>,
  valueOf: (ceiling: C) => number,
  measure: () => Promise<R>,
): Promise<Bracketed<C, R>> {
  let before = await ceiling();
  for (let tries = 1; ; tries++) {
    const result = await measure();
    const after = await ceiling();
    const drift = Math.abs(valueOf(after) - valueOf(before)) / valueOf(before);
    if (drift <= CEILING_DRIFT || tries === TRIES) return { result, before, after, drift, tries };
    console.log(
      `[bench] ${name}: its ceiling moved ${(drift * 100).toFixed(0)} % (${valueOf(before).toFixed(0)} → ${valueOf(after).toFixed(0)}); measuring again`,
    );
    before = after;
  }
}

/** The ceiling a bracketed figure is judged against: the mean of its two measurements. */
export function meanCeiling<C>(bracket: Bracketed<C, unknown>, valueOf: (ceiling: C) => number): number {
  return (valueOf(bracket.before) + valueOf(bracket.after)) / 2;
}

/** What the note of a bracketed figure says about its ceiling. */
export function bracketNote<C>(bracket: Bracketed<C, unknown>, valueOf: (ceiling: C) => number): string {
  const moved = `ceiling ${valueOf(bracket.before).toFixed(0)} before, ${valueOf(bracket.after).toFixed(0)} after (moved ${(bracket.drift * 100).toFixed(0)} %)`;
  const again = bracket.tries > 1 ? `; measured ${bracket.tries} times` : '';
  const still =
    bracket.drift > CEILING_DRIFT
      ? `; the ceiling still moved more than ${CEILING_DRIFT * 100} %: the machine was busy`
      : '';
  return moved + again + still;
}
