import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The face model (decision 0102): @vladmandic/face-api's tiny face detector, 68-point landmarks and
 * recognition network, on TensorFlow.js with its WebAssembly backend. The weights come inside the
 * npm package (its `model/` folder); nothing is downloaded. Loaded on the first call only, so an
 * instance that never indexes a photo never holds it (about 200 MB once loaded).
 */

/** Decoded pixels: RGB, 3 bytes a pixel, row after row. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

/** A face found: its box in fractions of the picture, the detector's score, its 128 numbers. */
export interface FoundFace {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  descriptor: number[];
}

export interface FaceModel {
  detect(pixels: Pixels): Promise<FoundFace[]>;
}

/**
 * Below this score a detection is not kept. The tiny detector scored a frontal face 0.97 and a
 * grey, half-turned one 0.67 here, and found no face in a cat's picture at 0.3.
 */
export const MIN_FACE_SCORE = 0.5;
/** The detector's input size (a multiple of 32): larger finds smaller faces, slower. */
const DETECTOR_INPUT_SIZE = 416;

/** A tensor: the model's input, freed by hand (TensorFlow.js keeps its memory otherwise). */
interface Tensor {
  dispose(): void;
}

/** What is used of @vladmandic/face-api (its own types reach into TensorFlow.js's). */
interface FaceApi {
  tf: {
    setBackend(name: string): Promise<boolean>;
    ready(): Promise<void>;
    enableProdMode(): void;
    tensor3d(values: Int32Array, shape: [number, number, number], dtype: 'int32'): Tensor;
  };
  nets: Record<
    'tinyFaceDetector' | 'faceLandmark68Net' | 'faceRecognitionNet',
    { loadFromDisk(dir: string): Promise<void> }
  >;
  TinyFaceDetectorOptions: new (options: { inputSize: number; scoreThreshold: number }) => object;
  detectAllFaces(
    input: Tensor,
    options: object,
  ): {
    withFaceLandmarks(): {
      withFaceDescriptors(): Promise<
        {
          detection: {
            score: number;
            relativeBox: { x: number; y: number; width: number; height: number };
          };
          descriptor: Float32Array;
        }[]
      >;
    };
  };
}

let loading: Promise<FaceModel> | undefined;

/** The model, loaded once per process on first use. */
export function loadFaceModel(): Promise<FaceModel> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function load(): Promise<FaceModel> {
  // The wasm backend's Emscripten loader adds process listeners that throw again whatever reaches
  // them, which would end the server on any unhandled rejection: they are taken away once loaded.
  const uncaught = process.listeners('uncaughtException');
  const unhandled = process.listeners('unhandledRejection');
  try {
    return await loadModel();
  } finally {
    for (const listener of process.listeners('uncaughtException')) {
      if (!uncaught.includes(listener)) process.removeListener('uncaughtException', listener);
    }
    for (const listener of process.listeners('unhandledRejection')) {
      if (!unhandled.includes(listener)) process.removeListener('unhandledRejection', listener);
    }
  }
}

async function loadModel(): Promise<FaceModel> {
  const require = createRequire(import.meta.url);
  // The Node build for the WebAssembly backend: it requires @tensorflow/tfjs and its wasm backend.
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const tf = faceapi.tf;
  await tf.setBackend('wasm');
  tf.enableProdMode();
  await tf.ready();
  const modelDir = path.join(
    path.dirname(require.resolve('@vladmandic/face-api/package.json')),
    'model',
  );
  await faceapi.nets.tinyFaceDetector.loadFromDisk(modelDir);
  await faceapi.nets.faceLandmark68Net.loadFromDisk(modelDir);
  await faceapi.nets.faceRecognitionNet.loadFromDisk(modelDir);
  const options = new faceapi.TinyFaceDetectorOptions({
    inputSize: DETECTOR_INPUT_SIZE,
    scoreThreshold: MIN_FACE_SCORE,
  });
  return {
    async detect({ data, width, height }) {
      const input = tf.tensor3d(new Int32Array(data), [height, width, 3], 'int32');
      try {
        const found = await faceapi
          .detectAllFaces(input, options)
          .withFaceLandmarks()
          .withFaceDescriptors();
        return found.map(({ detection, descriptor }) => {
          const box = detection.relativeBox;
          return {
            box: { x: box.x, y: box.y, width: box.width, height: box.height },
            score: detection.score,
            descriptor: Array.from(descriptor),
          };
        });
      } finally {
        input.dispose();
      }
    },
  };
}
