// An island's data as one JSON string: Astro serializes island props value by value, tagging each
// nested value for the browser; one string is serialized in one step, whatever the data's size.

/** A JSON text of a T, as a page hands it to an island. */
export type IslandData<T> = string & { readonly of?: T };

export const islandData = <T>(value: T): IslandData<T> => JSON.stringify(value);

export const readIslandData = <T>(data: IslandData<T>): T => JSON.parse(data) as T;

/** The JSON block a page wrote with PageData.astro, in the browser; null on the server, whose render needs none. */
export function readPageData<T>(id: string): T | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(id)?.textContent;
  return text ? (JSON.parse(text) as T) : null;
}
