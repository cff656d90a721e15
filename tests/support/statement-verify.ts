import { statements } from '../../server/db/statement-cache';

// Every statement a list takes from the cache is built again and compared: a key that leaves out an
// input the statement is built from fails the test that asks for it twice.
statements.verifyEveryHit = true;
