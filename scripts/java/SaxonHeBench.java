// Part of `npm run bench` (issues 13 and 23), compiled at bench time with javac into a cache directory (never committed
// as a class file): CPU per document of an XSLT rule set on Java Saxon-HE, for the ratio against Saxon-JS and pintae's
// own evaluator. Every stylesheet of the directory is compiled once (as the official release's two layers, or our
// rules' one). Each document is then read once from its text into Saxon's tree (DocumentBuilder: a TinyTree, as a
// transform from text builds) and every stylesheet is applied to that tree, its SVRL serialized to a sink — the work
// pintae's `check` does natively (the document read once, every layer on the tree, the report built). Warm-up rounds
// first (the JIT), then measured rounds; then the reading alone (parse), measured the same way, so the figures split
// into reading and evaluating. CPU is given twice: this thread's (ThreadMXBean) and the whole process's (every thread:
// the garbage collector and the JIT compiler included, as Node's process.cpuUsage() counts V8's helper threads). JVM
// start-up, class loading and stylesheet compilation are outside both.
//
// Usage: java -cp Saxon-HE.jar:<dir> SaxonHeBench <xslt-dir> <warm-up rounds> <rounds> <document>...
// Prints one line: `docs=<n> stylesheets=<k> rounds=<r> cpu_ms_per_doc=<x> failed=<f> parse_ms_per_doc=<p>
// process_cpu_ms_per_doc=<X> process_parse_ms_per_doc=<P>` (cpu_: this thread; process_: the process).
import java.io.File;
import java.io.StringReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.xml.transform.stream.StreamSource;
import net.sf.saxon.s9api.DocumentBuilder;
import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.SaxonApiException;
import net.sf.saxon.s9api.Serializer;
import net.sf.saxon.s9api.XdmNode;
import net.sf.saxon.s9api.XsltCompiler;
import net.sf.saxon.s9api.XsltExecutable;
import net.sf.saxon.s9api.Xslt30Transformer;

public final class SaxonHeBench {
  public static void main(String[] args) throws Exception {
    if (args.length < 4) {
      System.err.println("usage: SaxonHeBench <xslt-dir> <warm-up rounds> <rounds> <document>...");
      System.exit(2);
    }
    Processor processor = new Processor(false);
    XsltCompiler compiler = processor.newXsltCompiler();
    File[] files = new File(args[0]).listFiles((d, n) -> n.endsWith(".xsl") || n.endsWith(".xslt"));
    if (files == null || files.length == 0) {
      System.err.println("no .xsl or .xslt file in " + args[0]);
      System.exit(2);
    }
    Arrays.sort(files);
    List<XsltExecutable> stylesheets = new ArrayList<>();
    for (File f : files) stylesheets.add(compiler.compile(new StreamSource(f)));
    int warmUp = Integer.parseInt(args[1]);
    int rounds = Integer.parseInt(args[2]);
    List<String> docs = new ArrayList<>();
    for (int i = 3; i < args.length; i++) docs.add(new String(Files.readAllBytes(new File(args[i]).toPath()), StandardCharsets.UTF_8));
    DocumentBuilder builder = processor.newDocumentBuilder();

    int[] failed = {0};
    for (int r = 0; r < warmUp; r++) { runAll(processor, builder, stylesheets, docs, failed); parseAll(builder, docs); }
    failed[0] = 0;
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    double n = (double) rounds * docs.size();
    long thread0 = threads.getCurrentThreadCpuTime(), process0 = os.getProcessCpuTime();
    for (int r = 0; r < rounds; r++) runAll(processor, builder, stylesheets, docs, failed);
    long thread1 = threads.getCurrentThreadCpuTime(), process1 = os.getProcessCpuTime();
    for (int r = 0; r < rounds; r++) parseAll(builder, docs);
    long thread2 = threads.getCurrentThreadCpuTime(), process2 = os.getProcessCpuTime();
    System.out.printf(java.util.Locale.ROOT, "docs=%d stylesheets=%d rounds=%d cpu_ms_per_doc=%.3f failed=%d parse_ms_per_doc=%.3f process_cpu_ms_per_doc=%.3f process_parse_ms_per_doc=%.3f%n",
        docs.size(), stylesheets.size(), rounds, (thread1 - thread0) / 1e6 / n, failed[0] / Math.max(rounds, 1), (thread2 - thread1) / 1e6 / n,
        (process1 - process0) / 1e6 / n, (process2 - process1) / 1e6 / n);
  }

  /** Every document read once, every stylesheet applied to its tree; the SVRL serialized to a sink. */
  private static void runAll(Processor processor, DocumentBuilder builder, List<XsltExecutable> stylesheets, List<String> docs, int[] failed) {
    for (String doc : docs) {
      XdmNode tree;
      try {
        tree = builder.build(new StreamSource(new StringReader(doc)));
      } catch (SaxonApiException e) {
        failed[0] += stylesheets.size();
        continue;
      }
      for (XsltExecutable x : stylesheets) {
        try {
          Xslt30Transformer t = x.load30();
          Serializer out = processor.newSerializer(java.io.OutputStream.nullOutputStream());
          t.transform(tree.asSource(), out);
        } catch (SaxonApiException e) {
          failed[0]++;
        }
      }
    }
  }

  /** Reading alone: every document into Saxon's tree. */
  private static long parseAll(DocumentBuilder builder, List<String> docs) {
    long nodes = 0;
    for (String doc : docs) {
      try {
        nodes += builder.build(new StreamSource(new StringReader(doc))).hashCode();
      } catch (SaxonApiException e) {
        // counted as failed by runAll
      }
    }
    return nodes;
  }
}
