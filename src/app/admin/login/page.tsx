import Link from "next/link";

// Placeholder; the authentication issue builds the admin login form.
export default function AdminLoginPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center gap-4 px-6">
      <h1 className="text-2xl font-bold">Admin Portal</h1>
      <p className="text-muted">Authorized personnel only</p>
      <Link href="/" className="text-accent">Back to Home</Link>
    </main>
  );
}
