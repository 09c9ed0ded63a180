import { act, fireEvent, render, screen } from '@testing-library/react';
import { rgbaToThumbHash, thumbHashToRGBA } from 'thumbhash';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cardImageProps,
  placeholderColour,
  placeholderDataUrl,
  placeholderProps,
  placeholderStyle,
  usePlaceholder,
  IDLE_SLICE_MS,
} from './placeholder';

/**
 * A ThumbHash as the API sends it, of a 40 x 20 picture: the left half red, the right blue (or
 * the colour given, for a placeholder not decoded before).
 */
function redBlueHash(right: [number, number, number] = [0, 0, 255]): string {
  const width = 40;
  const height = 20;
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const left = i % width < width / 2;
    rgba.set(left ? [255, 0, 0, 255] : [...right, 255], i * 4);
  }
  return btoa(String.fromCharCode(...rgbaToThumbHash(width, height, rgba)));
}

/** Reads the PNG of a data URL back to its size (the IHDR chunk). */
function pngSize(dataUrl: string): { width: number; height: number } {
  const bytes = Uint8Array.from(atob(dataUrl.split(',')[1] ?? ''), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('placeholderDataUrl', () => {
  it('decodes a placeholder into a PNG of its picture’s shape', () => {
    const hash = redBlueHash();
    const url = placeholderDataUrl(hash);
    expect(url).toMatch(/^data:image\/png;base64,/);
    const { width, height } = pngSize(url!);
    const decoded = thumbHashToRGBA(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0)));
    expect([width, height]).toEqual([decoded.w, decoded.h]);
    expect(width / height).toBeGreaterThan(1.5);
  });

  it('answers null for no placeholder and for one it cannot read', () => {
    expect(placeholderDataUrl(null)).toBeNull();
    expect(placeholderDataUrl(undefined)).toBeNull();
    expect(placeholderDataUrl('')).toBeNull();
    expect(placeholderDataUrl('not base64!')).toBeNull();
    expect(placeholderDataUrl('AAAA')).toBeNull();
  });
});

describe('placeholderStyle', () => {
  it('paints the placeholder over the whole box, centred', () => {
    const style = placeholderStyle(redBlueHash());
    expect(style).toMatchObject({ backgroundSize: 'cover', backgroundPosition: 'center' });
    expect(style?.backgroundImage).toMatch(/^url\("data:image\/png;base64,[A-Za-z0-9+/=]+"\)$/);
  });

  it('is nothing without a placeholder', () => {
    expect(placeholderStyle(null)).toBeUndefined();
    expect(placeholderProps(null)).toEqual({});
  });
});

describe('placeholderProps', () => {
  it('shows the placeholder behind the img until the picture has loaded, then removes it', () => {
    render(
      <img
        alt="Garden"
        src="/garden.png"
        width={40}
        height={20}
        {...placeholderProps(redBlueHash())}
      />,
    );
    const img = screen.getByRole('img', { name: 'Garden' });
    expect(img.style.backgroundImage).toContain('data:image/png;base64,');
    expect(img).toHaveAttribute('width', '40');
    expect(img).toHaveAttribute('height', '20');
    fireEvent.load(img);
    // A transparent picture would otherwise show the blur through.
    expect(img.style.backgroundImage).toBe('none');
  });
});

describe('cardImageProps', () => {
  const sized = () => ({
    src: '/api/files/show/f1?size=card',
    srcSet: '/api/files/show/f1?size=card 576w',
  });

  it('shows the placeholder itself, with no srcset, while the sizes are being made', () => {
    const hash = redBlueHash();
    render(<img alt="Pending" {...cardImageProps(false, placeholderDataUrl(hash), sized)} />);
    const img = screen.getByRole('img', { name: 'Pending' });
    expect(img).toHaveAttribute('src', placeholderDataUrl(hash));
    expect(img).not.toHaveAttribute('srcset');
  });

  it('shows the sizes once they are made, with the placeholder behind them', () => {
    render(<img alt="Ready" {...cardImageProps(true, placeholderDataUrl(redBlueHash()), sized)} />);
    const img = screen.getByRole('img', { name: 'Ready' });
    expect(img).toHaveAttribute('src', '/api/files/show/f1?size=card');
    expect(img).toHaveAttribute('srcset', '/api/files/show/f1?size=card 576w');
    expect(img.style.backgroundImage).toContain('data:image/png;base64,');
  });
});

describe('usePlaceholder', () => {
  function Card({ hash, later }: { hash: string; later: boolean }) {
    const url = usePlaceholder(hash, later);
    return <output aria-label="placeholder">{url ?? 'none yet'}</output>;
  }

  it('decodes at once for the first screen', () => {
    const hash = redBlueHash([0, 255, 0]);
    render(<Card hash={hash} later={false} />);
    expect(screen.getByRole('status', { name: 'placeholder' })).toHaveTextContent(
      placeholderDataUrl(hash)!,
    );
  });

  it('decodes later ones once the page is idle, and renders again with them', async () => {
    const hash = redBlueHash([0, 128, 128]);
    render(<Card hash={hash} later />);
    const shown = screen.getByRole('status', { name: 'placeholder' });
    expect(shown).toHaveTextContent('none yet');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(shown).toHaveTextContent(/^data:image\/png;base64,/);
    expect(shown.textContent).toBe(placeholderDataUrl(hash));
  });

  describe('with a long idle period', () => {
    afterEach(() => {
      vi.restoreAllMocks();
      delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
    });

    it('decodes a few per turn, so no task runs long, and all of them in the end', async () => {
      // Every idle period offers 50 ms; each decode is made to take 3 ms of the clock.
      let turns = 0;
      let asked = 0;
      window.requestIdleCallback = (run) => {
        asked += 1;
        setTimeout(() => {
          turns += 1;
          run({ didTimeout: false, timeRemaining: () => 50 });
        }, 0);
        return turns;
      };
      let clock = 0;
      vi.spyOn(performance, 'now').mockImplementation(() => (clock += 3));
      const hashes = Array.from({ length: 12 }, (_, i) => redBlueHash([i * 20, 200, 40]));
      render(
        <>
          {hashes.map((hash) => (
            <Card key={hash} hash={hash} later />
          ))}
        </>,
      );
      // Until no turn is left to run: a turn also renders the cards again, and React's development
      // build takes longer at that than a fixed wait allows on a busy machine.
      await act(async () => {
        while (turns < asked) await new Promise((resolve) => setTimeout(resolve, 10));
      });
      const shown = screen.getAllByRole('status', { name: 'placeholder' });
      expect(shown.map((output) => output.textContent)).toEqual(
        hashes.map((hash) => placeholderDataUrl(hash)),
      );
      // 12 decodes of 3 ms each, at most IDLE_SLICE_MS of them per turn.
      expect(turns).toBeGreaterThanOrEqual(Math.ceil(12 / Math.ceil(IDLE_SLICE_MS / 3)));
    });
  });
});

describe('placeholderColour', () => {
  it('is the average colour of the picture: half red, half blue makes a purple', () => {
    const colour = placeholderColour(redBlueHash());
    const [r, g, b] = /rgb\((\d+) (\d+) (\d+)\)/
      .exec(colour ?? '')!
      .slice(1)
      .map(Number);
    expect(r).toBeGreaterThan(90);
    expect(b).toBeGreaterThan(90);
    expect(g).toBeLessThan(60);
  });

  it('is undefined without a readable hash', () => {
    expect(placeholderColour(null)).toBeUndefined();
    expect(placeholderColour('')).toBeUndefined();
    expect(placeholderColour('not base64!')).toBeUndefined();
  });
});
