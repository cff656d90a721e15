import { describe, expect, it, vi } from 'vitest';
import { createUpdateGuard } from './update-guard';

describe('update guard', () => {
  it('applies an update at once when nothing is unsaved and the outbox is idle', () => {
    const guard = createUpdateGuard();
    const apply = vi.fn();
    guard.offerUpdate(apply);
    expect(apply).toHaveBeenCalledTimes(1);
    expect(guard.getState().updateReady).toBe(false);
  });

  it('holds the update while a form has unsaved input and applies it when the form is clear', () => {
    const guard = createUpdateGuard();
    const apply = vi.fn();
    guard.registerUnsavedWork('login');
    guard.offerUpdate(apply);
    expect(apply).not.toHaveBeenCalled();
    expect(guard.getState()).toMatchObject({ updateReady: true, unsavedWork: true });
    guard.clearUnsavedWork('login');
    expect(apply).toHaveBeenCalledTimes(1);
    expect(guard.getState().updateReady).toBe(false);
  });

  it('waits until every form is clear', () => {
    const guard = createUpdateGuard();
    const apply = vi.fn();
    guard.registerUnsavedWork('a');
    guard.registerUnsavedWork('b');
    guard.registerUnsavedWork('a');
    guard.offerUpdate(apply);
    guard.clearUnsavedWork('a');
    expect(apply).not.toHaveBeenCalled();
    guard.clearUnsavedWork('b');
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('holds the update while the outbox is sending', () => {
    const guard = createUpdateGuard();
    const apply = vi.fn();
    guard.setOutboxBusy(true);
    guard.offerUpdate(apply);
    expect(apply).not.toHaveBeenCalled();
    expect(guard.getState()).toMatchObject({ updateReady: true, outboxBusy: true });
    guard.setOutboxBusy(false);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('lets the user give up unsaved input, but still waits for the outbox', () => {
    const guard = createUpdateGuard();
    const apply = vi.fn();
    guard.registerUnsavedWork('form');
    guard.setOutboxBusy(true);
    guard.offerUpdate(apply);
    guard.confirmUpdate();
    expect(apply).not.toHaveBeenCalled();
    expect(guard.getState().confirmed).toBe(true);
    guard.setOutboxBusy(false);
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('reloads on confirmation when only unsaved input holds it', () => {
    const guard = createUpdateGuard();
    const apply = vi.fn();
    guard.registerUnsavedWork('form');
    guard.offerUpdate(apply);
    guard.confirmUpdate();
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('ignores a confirmation without an update, so a later update still waits for the form', () => {
    const guard = createUpdateGuard();
    const apply = vi.fn();
    guard.confirmUpdate();
    guard.registerUnsavedWork('form');
    guard.offerUpdate(apply);
    expect(apply).not.toHaveBeenCalled();
  });

  it('runs only the latest offer, once', () => {
    const guard = createUpdateGuard();
    const first = vi.fn();
    const second = vi.fn();
    guard.registerUnsavedWork('form');
    guard.offerUpdate(first);
    guard.offerUpdate(second);
    guard.clearUnsavedWork('form');
    guard.registerUnsavedWork('form');
    guard.clearUnsavedWork('form');
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('tells listeners when the state changes, with a stable snapshot otherwise', () => {
    const guard = createUpdateGuard();
    const listener = vi.fn();
    guard.subscribe(listener);
    const before = guard.getState();
    guard.clearUnsavedWork('unknown');
    expect(guard.getState()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
    guard.registerUnsavedWork('form');
    guard.offerUpdate(() => {});
    expect(listener).toHaveBeenCalledTimes(2);
    expect(guard.getState()).toEqual({ updateReady: true, unsavedWork: true, outboxBusy: false, confirmed: false });
  });

  it('reports whether it is safe', () => {
    const guard = createUpdateGuard();
    expect(guard.isSafe()).toBe(true);
    guard.setOutboxBusy(true);
    expect(guard.isSafe()).toBe(false);
  });
});
