import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';

type AudioContextClass = typeof AudioContext;

/**
 * The microphone's sound as a moving line (spec §2: a waveform while audio records): an
 * AnalyserNode's time-domain samples drawn on a canvas each frame. Decoration only, hidden from
 * screen readers; the countdown beside it says what is going on.
 */
export function Waveform({ stream }: { stream: MediaStream }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const color = useTheme().palette.primary.main;

  useEffect(() => {
    const Context =
      window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
    const surface = canvas.current;
    const pen = Context ? surface?.getContext('2d') : null;
    if (!Context || !surface || !pen) return;
    const audio = new Context();
    const source = audio.createMediaStreamSource(stream);
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let frame = 0;
    const draw = () => {
      analyser.getByteTimeDomainData(samples);
      const { width, height } = surface;
      pen.clearRect(0, 0, width, height);
      pen.lineWidth = 3;
      pen.lineJoin = 'round';
      pen.strokeStyle = color;
      pen.beginPath();
      samples.forEach((sample, i) => {
        const x = (i / (samples.length - 1)) * width;
        const y = (sample / 255) * height;
        if (i === 0) pen.moveTo(x, y);
        else pen.lineTo(x, y);
      });
      pen.stroke();
      frame = requestAnimationFrame(draw);
    };
    draw();
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void audio.close();
    };
  }, [stream, color]);

  return (
    <Box
      component="canvas"
      ref={canvas}
      width={640}
      height={160}
      aria-hidden
      data-testid="waveform"
      sx={{ display: 'block', width: '100%', height: 120 }}
    />
  );
}
