// The analysis panel's evaluation in words (web/js/evaluation.js): pawns with one decimal,
// a figure past 10 pawns capped, mate as lichess writes it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { evalText } from '../../web/js/evaluation.js';

test('an evaluation as a person reads it: pawns, a capped figure, mate', () => {
  assert.equal(evalText({ cp: 31 }), '+0.3');
  assert.equal(evalText({ cp: -150 }), '-1.5');
  assert.equal(evalText({ cp: 0 }), '0.0');
  assert.equal(evalText({ cp: -4 }), '0.0', 'no minus on nothing');
  assert.equal(evalText({ cp: 999 }), '+10.0');
  assert.equal(evalText({ cp: -2297 }), '-10.0 or less', 'a lost position, not its engine figure');
  assert.equal(evalText({ cp: 1000 }), '+10.0 or more');
  assert.equal(evalText({ mate: 3 }), '#3');
  assert.equal(evalText({ mate: -2 }), '#-2');
  assert.equal(evalText({ mate: 0 }), 'Checkmate');
});
