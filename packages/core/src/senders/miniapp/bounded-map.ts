/**
 * Sets `key` in `map` as its newest entry, dropping the oldest first when the map holds `maxEntries`:
 * a cache filled from deliveries stays bounded whatever is delivered. Insertion order is age order,
 * since the key is deleted before it is set again.
 */
export function setBounded<Key, Value>(map: Map<Key, Value>, key: Key, value: Value, maxEntries: number): void {
  map.delete(key);
  if (map.size >= maxEntries) map.delete(map.keys().next().value!);
  map.set(key, value);
}
