import { describe, expect, it } from 'vitest';
import { ArrivalOrderSlots } from './arrival-order-slots';

describe('ArrivalOrderSlots', () => {
  it('gives nothing while its limit is 0, then as many as the limit allows, oldest first', () => {
    const granted: string[] = [];
    const slots = new ArrivalOrderSlots((id) => granted.push(id), 0);
    for (let n = 9; n >= 0; n -= 1) slots.enqueue(`e${n}`, n);
    expect(granted).toEqual([]);
    slots.setLimit(1);
    expect(granted).toEqual(['e0']);
    slots.setLimit(4);
    expect(granted).toEqual(['e0', 'e1', 'e2', 'e3']);
    expect([slots.running, slots.waiting]).toEqual([4, 6]);
  });

  it('takes no slot back when its limit drops; the next goes only once under the new limit', () => {
    const granted: string[] = [];
    const slots = new ArrivalOrderSlots((id) => granted.push(id), 3);
    for (let n = 0; n < 5; n += 1) slots.enqueue(`e${n}`, n);
    slots.setLimit(1);
    slots.finished('e0');
    slots.finished('e1');
    expect(granted).toEqual(['e0', 'e1', 'e2']);
    slots.finished('e2');
    expect(granted).toEqual(['e0', 'e1', 'e2', 'e3']);
  });

  it('puts an entry that failed back in its place, ahead of newer ones', () => {
    const granted: string[] = [];
    const slots = new ArrivalOrderSlots((id) => granted.push(id), 1);
    for (let n = 0; n < 4; n += 1) slots.enqueue(`e${n}`, n);
    expect(granted).toEqual(['e0']);
    slots.setLimit(0);
    slots.finished('e0');
    slots.enqueue('e0', 0);
    slots.setLimit(2);
    expect(granted).toEqual(['e0', 'e0', 'e1']);
  });

  it('forgets a removed entry wherever it is', () => {
    const granted: string[] = [];
    const slots = new ArrivalOrderSlots((id) => granted.push(id), 0);
    for (let n = 0; n < 3; n += 1) slots.enqueue(`e${n}`, n);
    slots.remove('e1');
    slots.setLimit(3);
    expect(granted).toEqual(['e0', 'e2']);
  });
});
