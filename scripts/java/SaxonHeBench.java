// Part of `npm run bench` (issue 13 item 6), compiled at bench time with javac into a cache directory (never committed
// as a class file): CPU per document of an XSLT rule set on Java Saxon-HE, for the ratio against Saxon-JS and pintae's
// own evaluator. Every stylesheet of the directory is compiled once (as the official release's two layers, or our
// rules' one); each document is then transformed by all of them from its text (parsing included, as the other two
// engines read text), for warm-up rounds first, then measured rounds. CPU is this thread's (ThreadMXBean), so JVM
// start-up, class loading, stylesheet compilation and the JIT's warm-up are outside the figure.
//
// Usage: java -cp Saxon-HE.jar:<dir> SaxonHeBench <xslt-dir> <warm-up rounds> <rounds> <document>...
// Prints one line: `docs=<n> stylesheets=<k> rounds=<r> cpu_ms_per_doc=<x> failed=<f>`.
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
import net.sf.saxon.s9api.Processor;
import net.sf.saxon.s9api.SaxonApiException;
import net.sf.saxon.s9api.Serializer;
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

    int[] failed = {0};
    for (int r = 0; r < warmUp; r++) runAll(processor, stylesheets, docs, failed);
    failed[0] = 0;
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long start = threads.getCurrentThreadCpuTime();
    for (int r = 0; r < rounds; r++) runAll(processor, stylesheets, docs, failed);
    long used = threads.getCurrentThreadCpuTime() - start;
    double perDoc = used / 1e6 / ((double) rounds * docs.size());
    System.out.printf(java.util.Locale.ROOT, "docs=%d stylesheets=%d rounds=%d cpu_ms_per_doc=%.3f failed=%d%n", docs.size(), stylesheets.size(), rounds, perDoc, failed[0] / Math.max(rounds, 1));
  }

  /** Every document through every stylesheet; the SVRL is serialized to a sink, as the other engines build theirs. */
  private static void runAll(Processor processor, List<XsltExecutable> stylesheets, List<String> docs, int[] failed) {
    for (String doc : docs) {
      for (XsltExecutable x : stylesheets) {
        try {
          Xslt30Transformer t = x.load30();
          Serializer out = processor.newSerializer(java.io.OutputStream.nullOutputStream());
          t.transform(new StreamSource(new StringReader(doc)), out);
        } catch (SaxonApiException e) {
          failed[0]++;
        }
      }
    }
  }
}
