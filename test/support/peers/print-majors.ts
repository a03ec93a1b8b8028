// Run in a child process by test/peers.test.ts: prints the majors this process loads.
import { loadedMajors } from './loaded-majors.js';

console.log(JSON.stringify(await loadedMajors()));
