import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { clearNotifications, notify, useNotifications } from './notifications-store';

describe('notifications store', () => {
  it('keeps the two newest messages, newest first', () => {
    const { result } = renderHook(() => useNotifications());
    act(() => {
      notify('first');
      notify('second');
      notify('third');
    });
    expect(result.current.map((message) => message.text)).toEqual(['third', 'second']);
  });

  it('moves a repeated message to the top instead of showing it twice', () => {
    const { result } = renderHook(() => useNotifications());
    act(() => {
      notify('offline');
      notify('other');
      notify('offline');
    });
    expect(result.current.map((message) => message.text)).toEqual(['offline', 'other']);
  });

  it('clears', () => {
    const { result } = renderHook(() => useNotifications());
    act(() => notify('x'));
    act(() => clearNotifications());
    expect(result.current).toEqual([]);
  });
});
