/** Placeholder: replaced by the real page. */
export default function Page() {
  return <main className="mx-auto max-w-3xl p-6">Coming soon</main>;
}
